/** Links people submitted (a milestone's deliverables), each opened in a new tab, left to right whatever the page's direction. */
export function LinkList({ label, urls, className = '' }: { label: string; urls: readonly string[]; className?: string }) {
  if (urls.length === 0) return null;
  return (
    <div className={className}>
      <span className="font-medium">{label}: </span>
      <ul className="mt-1 space-y-1">
        {urls.map((url) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noreferrer noopener" dir="ltr" className="break-all text-primary-strong hover:underline">
              {url}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
