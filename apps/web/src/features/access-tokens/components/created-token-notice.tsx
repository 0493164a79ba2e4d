import { type AccessTokenCreated, accessTokenMessages } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { toast } from '@/lib/toast';

/**
 * The new token, whole, once: in a read-only field to select or copy, until the user dismisses
 * it. It lives only in the page's state, so leaving the page forgets it too.
 */
export function CreatedTokenNotice({
  created,
  onDismiss,
}: {
  created: AccessTokenCreated;
  onDismiss: () => void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    // Focus lands on the token, selected: the next keystroke a keyboard user makes copies it.
    field.current?.focus();
    field.current?.select();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      field.current?.select();
      toast.error('The browser did not allow copying; the token is selected, copy it with your keyboard.');
    }
  };
  return (
    <section aria-label="New token" className="rounded-xl border border-accent bg-surface p-4 sm:p-6">
      <h2 className="text-base font-semibold break-words">Token “{created.name}” created</h2>
      <p className="mt-1 text-sm">
        {accessTokenMessages.created} It will not be shown again once you press Done or leave this page; if
        you lose it, revoke it and create another.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label="Your new token" className="min-w-0 flex-1">
          {(control) => (
            <input
              {...control}
              ref={field}
              readOnly
              value={created.token}
              spellCheck={false}
              autoComplete="off"
              className={`${controlClass(undefined)} w-full font-mono text-xs`}
              onFocus={(e) => e.currentTarget.select()}
            />
          )}
        </Field>
        <div className="flex gap-2">
          <Button variant="primary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="secondary" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? 'Token copied to the clipboard.' : ''}
      </p>
    </section>
  );
}
