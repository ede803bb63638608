// The English messages, the shell's and every feature's (features/<name>/locales/en.json), in one chunk.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/en.json', '../../features/*/locales/en.json'],
  {
    eager: true,
    import: 'default',
  },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
