import { describe, expect, it } from 'vitest';
import { reactRouterTreeShaking } from './react-router-tree-shaking.ts';

const REACT_ROUTER_FILE = '/app/node_modules/react-router/dist/production/chunk-ABC123.mjs';

// The shapes react-router's production build uses.
const source = `var Link = React10.forwardRef(function LinkWithRef(props, ref) { return props; });
Link.displayName = "Link";
var NavLink = React10.forwardRef(function NavLinkWithRef(props, ref) { return props; });
NavLink.displayName = "NavLink";
var DataRouterContext = React.createContext(null);
DataRouterContext.displayName = "DataRouter";
var FetchersContext = React.createContext(new Map());
function ScrollRestoration() { return null; }
ScrollRestoration.displayName = "ScrollRestoration";
function HistoryRouter() { return null; }
HistoryRouter.displayName = "unstable_HistoryRouter";
`;

function transform(code: string, id: string): string | null {
  const hook = reactRouterTreeShaking().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
}

/** Runs the module with a React stand-in and answers its top-level bindings. */
function evaluate(code: string) {
  const fakeReact = {
    forwardRef: (render: unknown) => ({ $$typeof: 'forward_ref', render }),
    createContext: (value: unknown) => ({ $$typeof: 'context', value }),
  };
  return new Function(
    'React',
    'React10',
    `${code}; return { Link, NavLink, DataRouterContext, FetchersContext, ScrollRestoration, HistoryRouter };`,
  )(fakeReact, fakeReact) as Record<string, { displayName?: string; name?: string }>;
}

describe('react-router tree shaking', () => {
  it('marks the components and contexts as free of side effects, each with its displayName', () => {
    const code = transform(source, REACT_ROUTER_FILE) ?? '';
    expect(code).toContain(
      'var NavLink = /* @__PURE__ */ Object.assign(/* @__PURE__ */ React10.forwardRef(function NavLinkWithRef',
    );
    expect(code).toContain('var FetchersContext = /* @__PURE__ */ React.createContext(new Map());');
    // No statement left that uses a component only to name it.
    expect(code).not.toMatch(/^(Link|NavLink|DataRouterContext|ScrollRestoration)\.displayName/m);
    expect(code).toContain('HistoryRouter.displayName = "unstable_HistoryRouter";');
  });

  it('leaves every component and context named as react-router named it', () => {
    const before = evaluate(source);
    const after = evaluate(transform(source, REACT_ROUTER_FILE) ?? '');
    // What React's developer tools show: the displayName, or else the function's name.
    const label = (value?: { displayName?: string; name?: string }) => value?.displayName ?? value?.name;
    for (const name of Object.keys(before)) expect(label(after[name])).toBe(label(before[name]));
    expect(after.Link?.displayName).toBe('Link');
    expect(after.DataRouterContext?.displayName).toBe('DataRouter');
  });

  it('does not touch other modules', () => {
    expect(transform(source, '/app/src/app/router.tsx')).toBeNull();
  });
});
