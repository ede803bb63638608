// The home route: its page lives in the first-paint chunk (home-page.tsx), which compresses it with
// the rest of what the first paint needs instead of in a small file of its own (decision 0005).
export { Component } from './home-page.tsx';
