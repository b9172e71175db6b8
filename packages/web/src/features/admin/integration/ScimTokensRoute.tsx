import { useQueryClient } from '@tanstack/react-query';
import type { ScimToken, ScimTokenCreated } from '@vestibule/contract/schemas/admin-integration';
import type { OperatorCompany } from '@vestibule/contract/schemas/company-admin';
import { type RefObject, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Field, FormError } from '../../../components/Field';
import { Icon } from '../../../components/Icon';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';
import { createScimToken, revokeScimToken, useScimCompanies, useScimTokens } from './api';
import styles from './Integration.module.css';

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
      <div className={styles.stack}>
        <Card aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>{t('adminIntegration.scim.companyTitle')}</h2>
          {companies.isError && <FormError>{errorMessage(t, companies.error)}</FormError>}
          {companies.data?.data.length === 0 ? (
            <p className={styles.muted}>{t('adminIntegration.scim.noCompany')}</p>
          ) : (
            <Field id={`${id}-company`} label={t('adminIntegration.scim.company')}>
              {(control) => (
                <select
                  {...control}
                  className={styles.select}
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

/** Copies a value, and says so to every user (a live region). */
function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <span className={styles.copy}>
      <Button
        variant="secondary"
        onClick={() =>
          void navigator.clipboard
            ?.writeText(value)
            .then(() => setCopied(true))
            .catch(() => undefined)
        }
      >
        <Icon name="copy" size={18} /> {label}
      </Button>
      <span role="status" className={styles.muted}>
        {copied ? t('adminIntegration.scim.copied') : ''}
      </span>
    </span>
  );
}

function SecretCard({ secret, onDone }: { secret: ScimTokenCreated; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`} className={styles.secretCard}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={(node) => node?.focus()}>
        {t('adminIntegration.scim.secretTitle')}
      </h2>
      <p>{t('adminIntegration.scim.secretText')}</p>
      <dl className={styles.secretList}>
        <dt>{t('adminIntegration.scim.baseUrl')}</dt>
        <dd>
          <code className={styles.secret} data-testid="scim-base-url">
            {secret.scim_base_url}
          </code>
          <CopyButton value={secret.scim_base_url} label={t('adminIntegration.scim.copyUrl')} />
        </dd>
        <dt>{t('adminIntegration.scim.token')}</dt>
        <dd>
          <code className={styles.secret} data-testid="scim-token">
            {secret.token}
          </code>
          <CopyButton value={secret.token} label={t('adminIntegration.scim.copyToken')} />
        </dd>
      </dl>
      <div>
        <Button onClick={onDone}>{t('adminIntegration.scim.done')}</Button>
      </div>
    </Card>
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
  const [label, setLabel] = useState('');
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
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
        {tokens.isPending ? (
          <p className={styles.muted} role="status">
            {t('common.loading')}
          </p>
        ) : !rows.length ? (
          <p className={styles.muted}>{t('adminIntegration.scim.empty')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="scim-tokens">
              <thead>
                <tr>
                  <th scope="col">{t('adminIntegration.scim.name')}</th>
                  <th scope="col">{t('adminIntegration.scim.created')}</th>
                  <th scope="col">{t('adminIntegration.scim.lastUsed')}</th>
                  <th scope="col">{t('adminIntegration.scim.status')}</th>
                  <th scope="col">{t('adminIntegration.scim.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td data-label={t('adminIntegration.scim.name')}>
                      <span className={styles.strong}>{row.label || t('adminIntegration.scim.unnamed')}</span>
                    </td>
                    <td data-label={t('adminIntegration.scim.created')}>
                      {when(row.created_at)}
                      <span className={styles.muted}>
                        {t('adminIntegration.scim.createdBy', { who: row.created_by })}
                      </span>
                    </td>
                    <td data-label={t('adminIntegration.scim.lastUsed')}>
                      {row.last_used_at ? when(row.last_used_at) : t('adminIntegration.scim.never')}
                    </td>
                    <td data-label={t('adminIntegration.scim.status')}>
                      {row.revoked_at ? (
                        <Badge tone="warning">
                          {t('adminIntegration.scim.revoked', { date: when(row.revoked_at) })}
                        </Badge>
                      ) : (
                        <Badge tone="success">{t('adminIntegration.scim.live')}</Badge>
                      )}
                    </td>
                    <td data-label={t('adminIntegration.scim.actions')}>
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
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`}>{t('adminIntegration.scim.newTitle')}</h2>
        <form
          className={styles.stack}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void stepUp.ensure().then((ready) => setCreating(ready));
          }}
        >
          <Field
            id={`${id}-label`}
            label={t('adminIntegration.scim.label')}
            hint={t('adminIntegration.scim.labelHint')}
          >
            {(control) => (
              <input
                {...control}
                maxLength={100}
                autoComplete="off"
                value={label}
                onChange={(event) => setLabel(event.target.value)}
              />
            )}
          </Field>
          <div>
            <Button type="submit">{t('adminIntegration.scim.create')}</Button>
          </div>
        </form>
      </Card>
      <ReasonDialog
        open={creating}
        title={t('adminIntegration.scim.createTitle', { name: company.name })}
        confirmLabel={t('adminIntegration.scim.create')}
        onSubmit={async (reason) => {
          try {
            const created = await createScimToken(company.id, {
              label,
              reason: reason.reason,
              ticket: reason.ticket,
            });
            setCreating(false);
            setLabel('');
            onSecret(created);
            toast.show('success', t('adminIntegration.scim.createdToast'));
            await refresh();
          } catch (cause) {
            if (!stepUp.onRefused(cause)) throw cause;
          }
        }}
        onClose={() => setCreating(false)}
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
            await revokeScimToken(company.id, revoking.id, { reason: reason.reason, ticket: reason.ticket });
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
