import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/Icon';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { queryClient } from '../../../lib/queryClient';
import { logOut } from '../api/logOut';

export function LogoutButton({ className, labelClassName }: { className?: string; labelClassName?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  // The top bar is outside the query layout's provider: the one client is named here. The button
  // loads after the first page (app/layout/TopBar.tsx), so TanStack Query stays off the login page.
  const ending = useMutation({ mutationFn: logOut }, queryClient);

  const onClick = () =>
    ending.mutateAsync().then(
      () => navigate(PATHS.loginEmail, { replace: true }),
      // A 401 is handled globally (the session is already gone); anything else keeps the user here.
      (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401))
          toast.show('error', errorMessage(t, error, t('logout.error')));
      },
    );

  return (
    <button type="button" className={className} onClick={onClick} disabled={ending.isPending}>
      <Icon name="logout" size={20} />
      <span className={labelClassName}>{t(ending.isPending ? 'topBar.loggingOut' : 'topBar.logout')}</span>
    </button>
  );
}
