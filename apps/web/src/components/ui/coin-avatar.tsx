import { coinImagePath } from '@app/contracts';
import { safeImageUrl } from '@app/core';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { logoFailed, rememberLogoFailure } from './coin-logo-failures';

interface CoinAvatarProps {
  src: string | null | undefined;
  name: string;
  symbol: string;
  size?: number;
  className?: string;
}

/**
 * A coin's logo, or its first letters when the image is missing, fails to load, or is not
 * from an allowed market-data host (such URLs are dropped with a console warning).
 * A market host's logo is asked of this server, which fetches it once and keeps it,
 * and answers the same letters as an image when it cannot. A logo that failed once shows the
 * letters on every later render and load (for a day), never an empty disc.
 */
export function CoinAvatar({ src, name, symbol, size = 24, className }: CoinAvatarProps) {
  const checked = safeImageUrl(src);
  // Keyed by URL, so a new image gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = (failedSrc !== null && failedSrc === checked.url) || logoFailed(checked.url);
  const fail = () => {
    rememberLogoFailure(checked.url);
    setFailedSrc(checked.url);
  };
  useEffect(() => {
    if (checked.rejected) console.warn(`Untrusted coin image URL dropped for ${name}`);
  }, [checked.rejected, name]);
  const letters =
    (symbol || name)
      .replace(/[^\p{L}\p{N}]/gu, '')
      .slice(0, 2)
      .toUpperCase() || '?';
  const style = { width: size, height: size };
  const local = checked.url.startsWith('/') ? checked.url : coinImagePath(checked.url, letters);
  if (checked.url === '' || failed) {
    return (
      <span
        aria-hidden="true"
        style={{ ...style, fontSize: Math.max(9, Math.round(size * 0.4)) }}
        className={cn(
          'inline-flex shrink-0 items-center justify-center rounded-full bg-surface-2 font-semibold text-muted',
          className,
        )}
      >
        {letters}
      </span>
    );
  }
  return (
    <img
      src={local}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={fail}
      style={style}
      className={cn('shrink-0 rounded-full bg-surface-2', className)}
    />
  );
}
