import type { Conversation } from '@mihna/shared';
import { useMutation } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../lib/router/index.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { apiPaths, paths } from '../../lib/paths.ts';
import { useServerMessage } from '../../lib/server-message.ts';
import { Button, type ButtonProps } from './button.tsx';

interface ContactButtonProps {
  participantId: string;
  /** The project the conversation is about, when there is one. */
  jobId?: string;
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/**
 * Contact Expert, Contact Employer, a proposal's Message: opens the one conversation between the reader
 * and this person (the server finds it or starts it) and goes to it; a refusal is said under the button.
 */
export function ContactButton({ participantId, jobId, label, variant = 'secondary', size }: ContactButtonProps) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const serverMessage = useServerMessage();
  const start = useMutation({
    mutationFn: (body: { participant_id: string; job_id?: string }) => apiRequest<Conversation>(apiPaths.conversations, { body }),
  });
  return (
    <div className="flex flex-col gap-1.5 sm:items-end">
      <Button
        variant={variant}
        size={size}
        disabled={start.isPending}
        onClick={() =>
          start.mutate(
            { participant_id: participantId, job_id: jobId },
            { onSuccess: (conversation) => void navigate(paths.conversation(conversation.id)) },
          )
        }
      >
        <MessageSquare className="size-4" aria-hidden="true" />
        {label}
      </Button>
      {start.isError ? (
        <p role="alert" className="max-w-xs text-sm text-red-700">
          {serverMessage(start.error, t('contact_failed'))}
        </p>
      ) : null}
    </div>
  );
}
