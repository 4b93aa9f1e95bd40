import { useEffect } from 'react';

/**
 * Sets the page's `<meta name="description">` to `content` while the calling component is mounted (creating the tag when
 * the document has none) and puts the previous text back on unmount.
 */
export function useMetaDescription(content: string): void {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = meta === null;
    if (meta === null) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = content;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [content]);
}
