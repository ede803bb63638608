// The Arabic messages, the shell's and every feature's (features/<name>/locales/ar.json), in one chunk.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/ar.json', '../../features/*/locales/ar.json'],
  {
    eager: true,
    import: 'default',
  },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
