// The French messages, the shell's and every feature's (features/<name>/locales/fr.json), in one chunk.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/fr.json', '../../features/*/locales/fr.json'],
  {
    eager: true,
    import: 'default',
  },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
