// Placeholder entry, replaced by the sandbox server.
export {};
