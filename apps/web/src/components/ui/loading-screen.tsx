import { Spinner } from '@/components/ui/spinner';

interface LoadingScreenProps {
  label?: string;
}

export function LoadingScreen({ label = 'Loading…' }: LoadingScreenProps) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-bg">
      <Spinner label={label} />
    </div>
  );
}
