import type { AccountAction, RevealableField, RevealResponse } from '@vestibule/contract/schemas/admin';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorAlert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ListRow, RowList } from '../../../components/ListRow';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { intlLocale } from '../../../lib/intl';
import { PATHS } from '../../../lib/paths';
import {
  useAccountAction,
  useAdminAccount,
  useInvitationAction,
  useRequestMfaReset,
  useReveal,
  useSendPasswordReset,
  useStartClosure,
} from '../api/accounts';
import { useAdminMe } from '../api/me';
import styles from '../components/Admin.module.css';
import { type ExtraField, ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';

type Dialog =
  | { kind: 'action'; action: AccountAction }
  | { kind: 'mfaReset' }
  | { kind: 'passwordReset' }
  | { kind: 'close' }
  | { kind: 'reveal'; field: RevealableField }
  | { kind: 'invitation'; id: number; action: 'resend' | 'revoke' };

/** /admin/accounts/:id: the account as support sees it, and what support may do to it. */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const account = useAdminAccount(id);
  const me = useAdminMe();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [revealed, setRevealed] = useState<Partial<Record<RevealableField, RevealResponse['values']>>>({});
  const toast = useToast();
  const stepUp = useStaffStepUp();
  const action = useAccountAction(id);
  const mfaReset = useRequestMfaReset(id);
  const reveal = useReveal(id);
  const invitation = useInvitationAction(id);
  const passwordReset = useSendPasswordReset(id);
  const closure = useStartClosure(id);
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(intlLocale(i18n.language), {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(iso))
      : '—';

  if (account.isPending) return <p role="status">{t('common.loading')}</p>;
  if (account.isError)
    return (
      <Page title={t('admin.account.title')} before={<BackLink />}>
        <ErrorAlert retry={{ label: t('admin.refused.retry'), onRetry: () => void account.refetch() }}>
          {errorMessage(t, account.error)}
        </ErrorAlert>
      </Page>
    );
  const data = account.data;
  const canWrite = me.data?.capabilities.includes('accounts.write') ?? false;
  const name =
    [data.profile.firstname, data.profile.lastname].filter(Boolean).join(' ') || t('admin.accounts.noName');

  /** A change: the step-up first (an app or a key), then the dialog asking why. */
  async function open(next: Dialog) {
    if (next.kind !== 'reveal' && !(await stepUp.ensure())) return;
    setDialog(next);
  }

  async function submit(input: {
    reason: string;
    ticket?: string | undefined;
    values: Record<string, string>;
  }) {
    if (!dialog) return;
    try {
      if (dialog.kind === 'action') {
        await action.mutateAsync({ action: dialog.action, ...input });
        toast.show('success', t(`admin.account.done.${dialog.action}`));
      } else if (dialog.kind === 'mfaReset') {
        await mfaReset.mutateAsync({
          card_number: input.values.card_number ?? '',
          birthdate: input.values.birthdate ?? '',
          ...input,
        });
        toast.show('success', t('admin.account.done.mfaReset'));
      } else if (dialog.kind === 'passwordReset') {
        const answer = await passwordReset.mutateAsync(input);
        toast.show('success', t('admin.account.done.passwordReset', { to: answer.sent_to }));
      } else if (dialog.kind === 'close') {
        const answer = await closure.mutateAsync(input);
        toast.show('success', t('admin.account.done.close', { date: date(answer.closes_at) }));
      } else if (dialog.kind === 'reveal') {
        const answer = await reveal.mutateAsync({ field: dialog.field, ...input });
        setRevealed((current) => ({ ...current, [answer.field]: answer.values }));
      } else {
        await invitation.mutateAsync({ id: dialog.id, action: dialog.action, ...input });
        toast.show('success', t(`admin.account.done.${dialog.action}`));
      }
      setDialog(null);
    } catch (error) {
      if (stepUp.onRefused(error)) return;
      throw error;
    }
  }

  const identityFields: ExtraField[] = [
    {
      name: 'card_number',
      label: t('admin.account.cardNumber'),
      hint: t('admin.account.cardNumberHint'),
      autoComplete: 'off',
    },
    { name: 'birthdate', label: t('admin.account.birthdate'), type: 'date' },
  ];
  const revealButton = (field: RevealableField) =>
    revealed[field] ? null : (
      <Button variant="secondary" onClick={() => void open({ kind: 'reveal', field })}>
        {t('admin.account.reveal')}
      </Button>
    );
  const clear = (field: RevealableField) =>
    revealed[field] && (
      <ul className={styles.revealed} data-testid={`revealed-${field}`}>
        {revealed[field]?.map((value) => (
          <li key={`${value.label}-${value.value}`}>{value.value}</li>
        ))}
      </ul>
    );

  return (
    <Page
      title={name}
      intro={t('admin.account.intro', { id: data.id, edition: t(`admin.editions.${data.edition}`) })}
      width="wide"
      before={<BackLink />}
    >
      {data.profile.locked_at && (
        <p>
          <Badge tone="warning">
            {t('admin.account.lockedSince', { date: date(data.profile.locked_at) })}
          </Badge>
        </p>
      )}
      {data.mfa_reset?.status === 'pending' && (
        <p>
          <Badge tone="warning">{t('admin.account.resetPending')}</Badge>
        </p>
      )}
      {canWrite && (
        <Section title={t('admin.account.actionsTitle')}>
          <div className={styles.actions}>
            {data.profile.locked_at ? (
              <Button variant="secondary" onClick={() => void open({ kind: 'action', action: 'unlock' })}>
                {t('admin.account.unlock')}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => void open({ kind: 'action', action: 'lock' })}>
                {t('admin.account.lock')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => void open({ kind: 'action', action: 'end-sessions' })}>
              {t('admin.account.endSessions')}
            </Button>
            <Button variant="secondary" onClick={() => void open({ kind: 'passwordReset' })}>
              {t('admin.account.sendPasswordReset')}
            </Button>
            <Button
              variant="secondary"
              disabled={data.mfa_reset?.status === 'pending'}
              onClick={() => void open({ kind: 'mfaReset' })}
            >
              {t('admin.account.requestMfaReset')}
            </Button>
            <Button variant="danger" onClick={() => void open({ kind: 'close' })}>
              {t('admin.account.closeAccount')}
            </Button>
          </div>
        </Section>
      )}
      <Section title={t('admin.account.profileTitle')}>
        <dl className={styles.details}>
          <dt>{t('admin.account.birthdate')}</dt>
          <dd>
            {data.profile.birthdate ?? '—'} {data.profile.birthdate && revealButton('birthdate')}
            {clear('birthdate')}
          </dd>
          <dt>{t('admin.account.nrn')}</dt>
          <dd>
            {data.profile.national_register_number ?? '—'}{' '}
            {data.profile.national_register_number && revealButton('national_register_number')}
            {clear('national_register_number')}
          </dd>
          <dt>{t('admin.account.iban')}</dt>
          <dd>
            {data.profile.iban ?? '—'} {data.profile.iban && revealButton('iban')}
            {clear('iban')}
          </dd>
          <dt>{t('admin.account.language')}</dt>
          <dd>{data.profile.language}</dd>
          <dt>{t('admin.account.created')}</dt>
          <dd>{date(data.profile.created_at)}</dd>
          <dt>{t('admin.account.passwordChanged')}</dt>
          <dd>{date(data.profile.password_changed_at)}</dd>
          <dt>{t('admin.account.policy')}</dt>
          <dd>
            {[data.profile.mfa_forced && 'mfa_forced', data.profile.mfa_customer && 'mfa_customer']
              .filter(Boolean)
              .join(', ') || '—'}
          </dd>
        </dl>
      </Section>
      <Section
        title={t('admin.account.contactsTitle')}
        action={data.contacts.length > 0 && revealButton('contacts')}
      >
        <List
          empty={t('admin.account.none')}
          items={data.contacts.map((contact) => (
            <ListRow key={`${contact.kind}-${contact.id}`}>
              <span className={styles.line}>
                <span className={styles.strong}>{contact.value}</span>
                {contact.primary && <Badge>{t('admin.account.primary')}</Badge>}
                <Badge tone={contact.verified ? 'success' : 'warning'}>
                  {t(contact.verified ? 'admin.account.verified' : 'admin.account.unverified')}
                </Badge>
              </span>
            </ListRow>
          ))}
        />
        {clear('contacts')}
      </Section>
      <Section title={t('admin.account.cardsTitle')} action={data.cards.length > 0 && revealButton('cards')}>
        <List
          empty={t('admin.account.none')}
          items={data.cards.map((card) => (
            <ListRow key={card.id}>
              <span className={styles.line}>
                <span className={styles.strong}>{card.number}</span> <Badge>{card.status}</Badge>
              </span>
              <span className={styles.muted}>{card.company ?? ''}</span>
            </ListRow>
          ))}
        />
        {clear('cards')}
      </Section>
      <Section title={t('admin.account.mfaTitle')}>
        <List
          empty={t('admin.account.noMfa')}
          items={data.mfa.map((method) => (
            <ListRow key={`${method.kind}-${method.created_at}-${method.target ?? ''}`}>
              <span className={styles.line}>
                <span className={styles.strong}>{t(`admin.account.factors.${method.kind}`)}</span>
                {method.primary && <Badge>{t('admin.account.primary')}</Badge>}
              </span>
              <span className={styles.muted}>
                {[method.target, t('admin.account.lastUsed', { date: date(method.last_used_at) })]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </ListRow>
          ))}
        />
        {data.mfa.some((method) => method.kind === 'totp') && (
          <p className={styles.muted}>
            {t('admin.account.recoveryKeys', { count: data.recovery_keys_left })}
          </p>
        )}
      </Section>
      <Section title={t('admin.account.sessionsTitle')}>
        <List
          empty={t('admin.account.none')}
          items={data.sessions.map((session) => (
            <ListRow key={session.id}>
              <span className={styles.strong}>{session.device ?? t('admin.account.unknownDevice')}</span>
              <span className={styles.muted}>
                {[session.ip, t('admin.account.lastSeen', { date: date(session.last_seen_at) })]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </ListRow>
          ))}
        />
      </Section>
      <Section title={t('admin.account.timelineTitle')}>
        <List
          empty={t('admin.account.none')}
          items={data.timeline.map((event) => (
            <ListRow key={event.id}>
              <span className={styles.code}>{event.kind}</span>
              <span className={styles.muted}>
                {[date(event.created_at), event.ip, event.actor, event.reason].filter(Boolean).join(' · ')}
              </span>
            </ListRow>
          ))}
        />
        <p>
          <Link to={`${PATHS.admin}/audit?account=${data.id}`}>{t('admin.account.fullAudit')}</Link>
        </p>
      </Section>
      <Section title={t('admin.account.grantsTitle')}>
        <List
          empty={t('admin.account.none')}
          items={data.grants.map((grant) => (
            <ListRow key={grant.client_id}>
              <span className={styles.strong}>{grant.name}</span>
              <span className={styles.muted}>{grant.scopes.join(' ')}</span>
            </ListRow>
          ))}
        />
      </Section>
      <Section title={t('admin.account.invitationsTitle')}>
        <List
          empty={t('admin.account.none')}
          items={data.invitations.map((item) => (
            <ListRow
              key={item.id}
              actions={
                canWrite && !item.used_at ? (
                  <>
                    <Button
                      variant="secondary"
                      onClick={() => void open({ kind: 'invitation', id: item.id, action: 'resend' })}
                    >
                      {t('admin.account.resend')}
                    </Button>
                    <Button
                      variant="danger"
                      onClick={() => void open({ kind: 'invitation', id: item.id, action: 'revoke' })}
                    >
                      {t('admin.account.revoke')}
                    </Button>
                  </>
                ) : undefined
              }
            >
              <span className={styles.strong}>{item.company}</span>
              <span className={styles.muted}>
                {[
                  item.email,
                  item.used_at
                    ? t('admin.account.used', { date: date(item.used_at) })
                    : t('admin.account.expires', { date: date(item.expires_at) }),
                ].join(' · ')}
              </span>
            </ListRow>
          ))}
        />
      </Section>
      <Section title={t('admin.account.mergesTitle')}>
        <List
          empty={t('admin.account.none')}
          items={data.merges.map((merge) => (
            <ListRow key={`${merge.kind}-${merge.created_at}`}>
              <span className={styles.code}>{merge.kind}</span>
              <span className={styles.muted}>
                {[date(merge.created_at), merge.other_account ? `#${merge.other_account}` : null]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </ListRow>
          ))}
        />
      </Section>
      <ReasonDialog
        open={dialog !== null}
        title={dialogTitle(t, dialog)}
        confirmLabel={dialog?.kind === 'reveal' ? t('admin.account.reveal') : t('admin.dialog.confirm')}
        danger={(dialog?.kind === 'action' && dialog.action === 'lock') || dialog?.kind === 'close'}
        extra={dialog?.kind === 'mfaReset' ? identityFields : []}
        onSubmit={submit}
        onClose={() => setDialog(null)}
      >
        {dialog?.kind === 'mfaReset'
          ? t('admin.account.mfaResetIntro')
          : dialog?.kind === 'reveal'
            ? t('admin.account.revealIntro')
            : dialog?.kind === 'close'
              ? t('admin.account.closeIntro')
              : null}
      </ReasonDialog>
    </Page>
  );
}

function dialogTitle(t: ReturnType<typeof useTranslation>['t'], dialog: Dialog | null): string {
  if (!dialog) return '';
  if (dialog.kind === 'action') return t(`admin.account.confirm.${dialog.action}`);
  if (dialog.kind === 'mfaReset') return t('admin.account.requestMfaReset');
  if (dialog.kind === 'passwordReset') return t('admin.account.sendPasswordReset');
  if (dialog.kind === 'close') return t('admin.account.confirm.close');
  if (dialog.kind === 'reveal') return t(`admin.account.revealTitle.${dialog.field}`);
  return t(`admin.account.confirm.${dialog.action}`);
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to={`${PATHS.admin}/accounts`}>{t('admin.account.back')}</Link>
    </p>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {action && <p>{action}</p>}
      {children}
    </Card>
  );
}

function List({ items, empty }: { items: ReactNode[]; empty: string }) {
  return items.length ? <RowList>{items}</RowList> : <EmptyState>{empty}</EmptyState>;
}
