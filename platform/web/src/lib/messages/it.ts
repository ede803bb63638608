// The Italian messages, the shell's and every feature's (features/<name>/locales/it.json), in one chunk.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/it.json', '../../features/*/locales/it.json'],
  {
    eager: true,
    import: 'default',
  },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
