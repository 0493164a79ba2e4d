import { notFoundPage } from '@app/contracts';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="font-mono text-sm text-muted">404</p>
      <h1 className="text-3xl font-bold tracking-tight">{notFoundPage.title}</h1>
      <p className="max-w-md text-muted">{notFoundPage.body}</p>
      <Button variant="primary" onClick={() => navigate('/')}>
        {notFoundPage.action}
      </Button>
    </div>
  );
}
