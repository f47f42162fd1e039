import { useEffect } from 'react';
import { useSettingText } from '../../lib/site-settings.ts';

/**
 * The page's `<meta name="description">` in the reader's language, kept as they switch: the site's
 * description as the footer shows it (index.html and the server's page start it in the page's language).
 */
export function DocumentDescription() {
  const description = useSettingText('site_description');
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
  return null;
}
