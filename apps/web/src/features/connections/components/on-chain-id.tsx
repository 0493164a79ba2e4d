import { Button } from '@/components/ui/button';
import { shortId } from '@/lib/short-id';
import { toast } from '@/lib/toast';

/** A transaction's on-chain id: shortened, the whole of it in its title and one click from the clipboard. */
export function OnChainId({ value, label = 'on-chain id' }: { value: string; label?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Copied');
    } catch {
      toast.error('The browser did not allow copying; select the id in its title instead.');
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      <code className="font-mono text-xs" title={value}>
        {shortId(value)}
      </code>
      <Button
        variant="ghost"
        className="px-1 py-0 text-xs"
        aria-label={`Copy ${label} ${value}`}
        onClick={() => void copy()}
      >
        Copy
      </Button>
    </span>
  );
}
