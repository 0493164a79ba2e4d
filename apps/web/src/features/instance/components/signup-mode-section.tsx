import { type SignupMode, signupModeLabels, signupModes } from '@app/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notifyError } from '@/lib/notify';
import { toast } from '@/lib/toast';
import { useSignupMode } from '../api/instance-api';
import { InstanceSection } from './instance-section';

/** Who may create an account here: anyone, only with an invitation link, or nobody. */
export function SignupModeSection({ current }: { current: SignupMode }) {
  const [chosen, setChosen] = useState<SignupMode>(current);
  useEffect(() => setChosen(current), [current]);
  const save = useSignupMode();
  return (
    <InstanceSection title="Sign-ups">
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(chosen, {
            onSuccess: () => toast.success('Sign-ups updated'),
            onError: (error) => notifyError(error),
          });
        }}
      >
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 text-sm font-medium">New accounts</legend>
          {signupModes.map((mode) => (
            <label key={mode} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="signup_mode"
                className="mt-0.5"
                value={mode}
                checked={chosen === mode}
                onChange={() => setChosen(mode)}
              />
              <span className="min-w-0">{signupModeLabels[mode]}</span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="primary" disabled={chosen === current || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </InstanceSection>
  );
}
