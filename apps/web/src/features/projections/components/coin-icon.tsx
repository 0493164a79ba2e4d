import { useState } from 'react';
import { cn } from '@/lib/cn';

/** A coin's image, or a neutral disc when there is none or it fails to load (offline, blocked host). */
export function CoinIcon({ src, className }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (src === '' || failed) {
    return (
      <span aria-hidden="true" className={cn('inline-block shrink-0 rounded-full bg-surface-2', className)} />
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className={cn('shrink-0 rounded-full', className)}
    />
  );
}
