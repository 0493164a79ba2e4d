import { Spinner } from '@/components/ui/spinner';
import { loadingScreenClass } from './loading-screen-class';

interface LoadingScreenProps {
  label?: string;
  /** Where the spinner sits: mid-screen, or low where it clears a page the server painted. */
  place?: keyof typeof loadingScreenClass;
}

export function LoadingScreen({ label = 'Loading…', place = 'centre' }: LoadingScreenProps) {
  return (
    <div className={loadingScreenClass[place]}>
      <Spinner label={label} />
    </div>
  );
}
