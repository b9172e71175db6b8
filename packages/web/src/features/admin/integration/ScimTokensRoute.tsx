import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateScimTokenRequest,
  ScimToken,
  ScimTokenCreated,
} from '@vestibule/contract/schemas/admin-integration';
import { createScimTokenRequestSchema } from '@vestibule/contract/schemas/admin-integration';
import type { OperatorCompany } from '@vestibule/contract/schemas/company-admin';
import { type RefObject, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { ConsoleTable } from '../../../components/ConsoleTable';
import { Field, FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { SecretOnceCard } from '../../../components/SecretOnceCard';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import type { Reason } from '../api/accounts';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';
import { createScimToken, revokeScimToken, useScimCompanies, useScimTokens } from './api';
import styles from './Integration.module.css';

/** The new token's form: its label, as the contract reads it. */
const tokenLabelSchema = createScimTokenRequestSchema.pick({ label: true });

/**
 * /admin/scim: the operator chooses a company (kept in the address, so the step-up comes back to
 * it), sees its tokens, creates one (its secret shown once, with the SCIM base URL) or revokes one.
 */
export function ScimTokensRoute() {
  const { t } = useTranslation();
  const id = useId();
  const companies = useScimCompanies();
  const [search, setSearch] = useSearchParams();
  const companyId = Number(search.get('company')) || null;
  const company = companies.data?.data.find((row) => row.id === companyId) ?? null;
  const [secret, setSecret] = useState<ScimTokenCreated | null>(null);
  // Once the secret is put away, focus goes on to the list it joined, not to the page's start.
  const listHeading = useRef<HTMLHeadingElement>(null);
  const putAway = () => {
    setSecret(null);
    listHeading.current?.focus();
  };
  return (
    <Page title={t('adminIntegration.scim.title')} intro={t('adminIntegration.scim.intro')} width="wide">
      <div className={ui.stack}>
        <Card aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>{t('adminIntegration.scim.companyTitle')}</h2>
          {companies.isError && <FormError>{errorMessage(t, companies.error)}</FormError>}
          {companies.data?.data.length === 0 ? (
            <p className={ui.muted}>{t('adminIntegration.scim.noCompany')}</p>
          ) : (
            <Field id={`${id}-company`} label={t('adminIntegration.scim.company')}>
              {(control) => (
                <select
                  {...control}
                  className={ui.select}
                  value={companyId ?? ''}
                  onChange={(event) => {
                    setSecret(null);
                    setSearch(event.target.value ? { company: event.target.value } : {});
                  }}
                >
                  <option value="">{t('adminIntegration.scim.chooseCompany')}</option>
                  {companies.data?.data.map((row) => (
                    <option key={row.id} value={row.id}>
                      {row.name} · {t(`adminIntegration.editions.${row.edition}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </Card>
        {secret && <SecretCard secret={secret} onDone={putAway} />}
        {company && <TokensCard company={company} heading={listHeading} onSecret={setSecret} />}
      </div>
    </Page>
  );
}

/** A new token, answered once, with the SCIM base URL the company's directory calls. */
function SecretCard({ secret, onDone }: { secret: ScimTokenCreated; onDone: () => void }) {
  const { t } = useTranslation();
  const copied = t('adminIntegration.scim.copied');
  return (
    <SecretOnceCard
      title={t('adminIntegration.scim.secretTitle')}
      text={t('adminIntegration.scim.secretText')}
      values={[
        {
          label: t('adminIntegration.scim.baseUrl'),
          value: secret.scim_base_url,
          testId: 'scim-base-url',
          copy: { label: t('adminIntegration.scim.copyUrl'), copied },
        },
        {
          label: t('adminIntegration.scim.token'),
          value: secret.token,
          testId: 'scim-token',
          copy: { label: t('adminIntegration.scim.copyToken'), copied },
        },
      ]}
      done={t('adminIntegration.scim.done')}
      onDone={onDone}
    />
  );
}

function TokensCard({
  company,
  heading,
  onSecret,
}: {
  company: OperatorCompany;
  heading: RefObject<HTMLHeadingElement | null>;
  onSecret: (secret: ScimTokenCreated) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const toast = useToast();
  const stepUp = useStaffStepUp();
  const queryClient = useQueryClient();
  const tokens = useScimTokens(company.id);
  // The label of the token being created, while its reason is asked.
  const [creating, setCreating] = useState<string | null>(null);
  const newToken = useForm({ resolver: zodResolver(tokenLabelSchema), defaultValues: { label: '' } });
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const create = useMutation({
    mutationFn: (request: CreateScimTokenRequest) => createScimToken(company.id, request),
  });
  const revoke = useMutation({
    mutationFn: ({ token, ...reason }: Reason & { token: ScimToken }) =>
      revokeScimToken(company.id, token.id, reason),
  });
  const date = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const when = (value: string) => date.format(new Date(value));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'scim', company.id, 'tokens'] });
  const rows = tokens.data?.data ?? [];

  return (
    <>
      <Card aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className={styles.focusTarget}>
          {t('adminIntegration.scim.tokensTitle', { name: company.name })}
        </h2>
        {tokens.isError && <FormError>{errorMessage(t, tokens.error)}</FormError>}
        {tokens.data && (
          <p className={styles.baseUrl}>
            {t('adminIntegration.scim.baseUrlLabel')} <code>{tokens.data.scim_base_url}</code>
          </p>
        )}
        <ConsoleTable
          loading={tokens.isPending}
          empty={t('adminIntegration.scim.empty')}
          columns={[
            t('adminIntegration.scim.name'),
            t('adminIntegration.scim.created'),
            t('adminIntegration.scim.lastUsed'),
            t('adminIntegration.scim.status'),
            t('adminIntegration.scim.actions'),
          ]}
          stacked
          labelled
          className={styles.labelled}
          data-testid="scim-tokens"
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <span className={styles.strong}>{row.label || t('adminIntegration.scim.unnamed')}</span>
              </td>
              <td>
                {when(row.created_at)}
                <span className={ui.muted}>
                  {t('adminIntegration.scim.createdBy', { who: row.created_by })}
                </span>
              </td>
              <td>{row.last_used_at ? when(row.last_used_at) : t('adminIntegration.scim.never')}</td>
              <td>
                {row.revoked_at ? (
                  <Badge tone="warning">
                    {t('adminIntegration.scim.revoked', { date: when(row.revoked_at) })}
                  </Badge>
                ) : (
                  <Badge tone="success">{t('adminIntegration.scim.live')}</Badge>
                )}
              </td>
              <td>
                {!row.revoked_at && (
                  <Button
                    variant="danger"
                    aria-label={`${t('adminIntegration.scim.revoke')} ${row.label || `#${row.id}`}`}
                    onClick={() =>
                      void stepUp.ensure().then((ready) => {
                        if (ready) setRevoking(row);
                      })
                    }
                  >
                    {t('adminIntegration.scim.revoke')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      </Card>
      <Card aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`}>{t('adminIntegration.scim.newTitle')}</h2>
        <form
          className={ui.stack}
          noValidate
          onSubmit={newToken.handleSubmit(async ({ label }) => {
            if (await stepUp.ensure()) setCreating(label);
          })}
        >
          <Field
            id={`${id}-label`}
            label={t('adminIntegration.scim.label')}
            hint={t('adminIntegration.scim.labelHint')}
          >
            {(control) => (
              <input {...control} maxLength={100} autoComplete="off" {...newToken.register('label')} />
            )}
          </Field>
          <div>
            <Button type="submit">{t('adminIntegration.scim.create')}</Button>
          </div>
        </form>
      </Card>
      <ReasonDialog
        open={creating !== null}
        title={t('adminIntegration.scim.createTitle', { name: company.name })}
        confirmLabel={t('adminIntegration.scim.create')}
        onSubmit={async (reason) => {
          try {
            const created = await create.mutateAsync({
              label: creating ?? '',
              reason: reason.reason,
              ticket: reason.ticket,
            });
            setCreating(null);
            newToken.reset();
            onSecret(created);
            toast.show('success', t('adminIntegration.scim.createdToast'));
            await refresh();
          } catch (cause) {
            if (!stepUp.onRefused(cause)) throw cause;
          }
        }}
        onClose={() => setCreating(null)}
      >
        {t('adminIntegration.scim.createText')}
      </ReasonDialog>
      <ReasonDialog
        open={revoking !== null}
        danger
        title={t('adminIntegration.scim.revokeTitle', {
          name: revoking?.label || (revoking ? `#${revoking.id}` : ''),
        })}
        confirmLabel={t('adminIntegration.scim.revoke')}
        onSubmit={async (reason) => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync({ token: revoking, reason: reason.reason, ticket: reason.ticket });
            setRevoking(null);
            toast.show('success', t('adminIntegration.scim.revokedToast'));
            await refresh();
          } catch (cause) {
            if (!stepUp.onRefused(cause)) throw cause;
          }
        }}
        onClose={() => setRevoking(null)}
      >
        {t('adminIntegration.scim.revokeText')}
      </ReasonDialog>
    </>
  );
}
