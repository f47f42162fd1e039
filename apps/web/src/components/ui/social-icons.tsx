import type { SVGProps } from 'react';

type Network = 'linkedin' | 'twitter' | 'facebook' | 'instagram' | 'youtube';

// Simple single-path marks; lucide no longer ships brand logos.
const glyphs: Record<Network, string> = {
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.8v1.5h.05c.53-1 1.83-1.75 3.45-1.75 3.7 0 4.2 2.2 4.2 5v6.25h-4v-5.5c0-1.3-.03-3-1.85-3-1.85 0-2.15 1.4-2.15 2.9v5.6h-4v-11Z',
  twitter:
    'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.7H5.58l11.09 14.5Z',
  facebook:
    'M13.5 21v-7.5h2.5l.4-3H13.5V8.6c0-.87.25-1.45 1.5-1.45h1.55V4.47A20 20 0 0 0 14.3 4.35c-2.23 0-3.8 1.36-3.8 3.87v2.28H8v3h2.5V21h3Z',
  instagram:
    'M12 7.2a4.8 4.8 0 1 0 0 9.6 4.8 4.8 0 0 0 0-9.6Zm0 7.9a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2Zm6.1-8.1a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM12 3c-2.45 0-2.75 0-3.71.05C5.05 3.2 3.2 5.04 3.05 8.29 3 9.25 3 9.55 3 12s0 2.75.05 3.71c.15 3.25 2 5.09 5.24 5.24.96.05 1.26.05 3.71.05s2.75 0 3.71-.05c3.24-.15 5.1-1.99 5.24-5.24.05-.96.05-1.26.05-3.71s0-2.75-.05-3.71c-.14-3.24-1.99-5.09-5.24-5.24C14.75 3 14.45 3 12 3Zm0 1.62c2.4 0 2.69 0 3.64.05 2.44.11 3.58 1.27 3.69 3.69.04.95.05 1.23.05 3.64s0 2.69-.05 3.64c-.11 2.42-1.25 3.58-3.69 3.69-.95.04-1.23.05-3.64.05s-2.69 0-3.64-.05c-2.45-.11-3.58-1.27-3.69-3.69-.04-.95-.05-1.24-.05-3.64s0-2.69.05-3.64c.11-2.42 1.25-3.58 3.69-3.69.95-.04 1.24-.05 3.64-.05Z',
  youtube:
    'M21.58 7.19a2.5 2.5 0 0 0-1.76-1.77C18.25 5 12 5 12 5s-6.25 0-7.82.42A2.5 2.5 0 0 0 2.42 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .42 4.81 2.5 2.5 0 0 0 1.76 1.77C5.75 19 12 19 12 19s6.25 0 7.82-.42a2.5 2.5 0 0 0 1.76-1.77A26 26 0 0 0 22 12a26 26 0 0 0-.42-4.81ZM10 15V9l5.2 3L10 15Z',
};

export const socialNetworks = Object.keys(glyphs) as Network[];

export function SocialIcon({ network, ...props }: { network: Network } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d={glyphs[network]} />
    </svg>
  );
}

export function SocialLinks({
  urls,
  label,
  className,
}: {
  urls: Partial<Record<Network, string>>;
  label: (network: Network) => string;
  className?: string;
}) {
  const present = socialNetworks.filter((network) => urls[network]);
  if (present.length === 0) return null;
  return (
    <ul className={className ?? 'flex gap-3'}>
      {present.map((network) => (
        <li key={network}>
          <a
            href={urls[network]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label(network)}
            className="flex size-9 items-center justify-center rounded-full bg-white/10 text-current hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <SocialIcon network={network} className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function socialUrls(settings: Record<`${Network}_url`, string>): Partial<Record<Network, string>> {
  return Object.fromEntries(socialNetworks.map((network) => [network, settings[`${network}_url`]]));
}
