// A part of a page loaded after the first paint (React.lazy), which can be loaded ahead: the
// browser loads the parts a server-rendered page holds before hydrating it (decision 0034). Once
// loaded, the part renders at once instead of suspending: a part still loading when hydration
// reaches it would leave the server's markup to be redrawn instead of taken over.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PartModule<Props> = { default: ComponentType<Props> };

export type LazyPart<Props> = LazyExoticComponent<ComponentType<Props>> & {
  /** Loads the part's code; resolves when it is ready to render. */
  preload(): Promise<void>;
};

const parts: LazyPart<never>[] = [];

export function lazyPart<Props>(load: () => Promise<PartModule<Props>>): LazyPart<Props> {
  let loaded: PartModule<Props> | undefined;
  let loading: Promise<PartModule<Props>> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  // React reads a lazy component's module through `then`: a module already loaded is handed over
  // in the same call, so the part renders without suspending.
  const part = lazy(() =>
    loaded ? (resolvedWith(loaded) as Promise<PartModule<Props>>) : start(),
  ) as LazyPart<Props>;
  part.preload = () => start().then(() => undefined);
  parts.push(part as LazyPart<never>);
  return part;
}

function resolvedWith<Value>(value: Value): PromiseLike<Value> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable React reads at once
    then: (resolve) => resolvedWith(resolve ? resolve(value) : value) as never,
  };
}

/** Loads every part declared so far: the page's modules are loaded, so these are its parts. */
export function preloadLazyParts(): Promise<void> {
  return Promise.all(parts.map((part) => part.preload())).then(() => undefined);
}
