// A link the router follows: an `<a href>` to an address of the app, without react-router's `Link` machinery.
import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

export type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An address of the app (path, query, hash), its language prefix included. */
  to: string;
  replace?: boolean;
  state?: unknown;
};

/**
 * What react-router's `Link` does for an address of the app, on the router's own hooks: the
 * router handles a plain click, a modified click or another target is left to the browser.
 * `Link` also carries framework mode's prefetching and route discovery, which this data-router
 * app never uses and which would otherwise load with the first page.
 */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(
  { to, replace, state, target, onClick, ...props },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...props} ref={ref} href={href} target={target} onClick={handleClick} />;
});
