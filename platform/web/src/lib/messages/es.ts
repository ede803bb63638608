// The Spanish messages, the shell's and every feature's (features/<name>/locales/es.json), in one chunk.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/es.json', '../../features/*/locales/es.json'],
  {
    eager: true,
    import: 'default',
  },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
