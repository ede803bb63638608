// A part of a page whose code loads after the first paint, which can be loaded ahead (decision
// 0034). The server and the browser load the parts of a page they render before rendering it: a
// part already loaded when it mounts is rendered in place, so the server's markup has no
// Suspense boundary there and hydration takes the part over with the rest of the page. A part
// still loading renders nothing until its code is there (a Suspense boundary of its own).
import { type ComponentType, lazy, Suspense, useState } from 'react';

type PartModule<Props> = { default: ComponentType<Props> };

export type LazyPart<Props> = ComponentType<Props> & {
  /** Loads the part's code; resolves when it is ready to render. */
  preload(): Promise<void>;
};

const parts: LazyPart<never>[] = [];

export function lazyPart<Props extends object>(load: () => Promise<PartModule<Props>>): LazyPart<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<PartModule<Props>> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Loading = lazy(start);
  function Part(props: Props) {
    // Decided once per mount: the part's tree keeps its shape, and its state, when the code arrives.
    const [ready] = useState(() => loaded);
    if (ready) {
      const Ready = ready;
      return <Ready {...props} />;
    }
    return (
      <Suspense fallback={null}>
        <Loading {...props} />
      </Suspense>
    );
  }
  const part = Object.assign(Part, { preload: () => start().then(() => undefined) });
  parts.push(part as LazyPart<never>);
  return part;
}

/** Loads every part declared so far: the page's modules are loaded, so these are its parts. */
export function preloadLazyParts(): Promise<void> {
  return Promise.all(parts.map((part) => part.preload())).then(() => undefined);
}
