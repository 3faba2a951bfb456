import { useEffect } from 'react';

/** Sets the tab title for a screen: "Dashboard · Altwise". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Altwise` : 'Altwise — AI alt text for accessible images';
  }, [title]);
}
