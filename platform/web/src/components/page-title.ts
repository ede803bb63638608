// Sets the document title to the page's name followed by the network's name.
import { useEffect } from 'react';
import { useBootstrap } from '../lib/bootstrap-context.tsx';

export function usePageTitle(title?: string) {
  const { network } = useBootstrap();
  useEffect(() => {
    document.title = title ? `${title} · ${network.name}` : network.name;
  }, [title, network.name]);
}
