import type { Portfolio } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useLeaveShare } from '../api/shares-api';

/** A member leaves a portfolio shared with them; its owner can share it again. */
export function LeaveShareButton({ portfolio: p, shareId }: { portfolio: Portfolio; shareId: string }) {
  const leave = useLeaveShare(p.id);
  const confirm = useConfirm();
  return (
    <>
      <Button
        variant="ghost"
        onClick={() =>
          confirm.ask({
            title: `Leave ${p.name}?`,
            description: `${p.shared_by?.name ?? 'Its owner'} can share it with you again.`,
            confirmLabel: 'Leave portfolio',
            destructive: true,
            onConfirm: () =>
              leave.mutate(shareId, { onError: () => toast.error(`Could not leave ${p.name}: try again`) }),
          })
        }
      >
        Leave <span className="sr-only">{p.name}</span>
      </Button>
      {confirm.dialog}
    </>
  );
}
