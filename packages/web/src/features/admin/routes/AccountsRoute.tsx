import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_SEARCH_KINDS,
  type AccountSearchKind,
  accountSearchQuerySchema,
  SEARCH_MIN_LENGTH,
} from '@vestibule/contract/schemas/admin';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { z } from 'zod';
import { EmptyState, ErrorAlert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Field } from '../../../components/Field';
import { ListRow, RowList } from '../../../components/ListRow';
import { Page } from '../../../components/Page';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useAccountSearch } from '../api/accounts';
import styles from '../components/Admin.module.css';
import { AccountPage } from './AccountPage';

/** /admin/accounts: the search, and each account's page below it. */
export function AccountsRoute() {
  return (
    <Routes>
      <Route index element={<AccountSearch />} />
      <Route path=":id" element={<AccountPage />} />
    </Routes>
  );
}

const isKind = (value: string | null): value is AccountSearchKind =>
  (ACCOUNT_SEARCH_KINDS as readonly string[]).includes(value ?? '');

/** The contract's search kind; the query's minimum said in the form (the server refuses it too). */
function searchFormSchema(tooShort: string) {
  return accountSearchQuerySchema
    .pick({ by: true })
    .extend({ q: z.string().trim().min(SEARCH_MIN_LENGTH, tooShort) });
}

function AccountSearch() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const by = isKind(params.get('by')) ? (params.get('by') as AccountSearchKind) : 'name';
  const q = params.get('q') ?? '';
  const results = useAccountSearch(by, q);
  const schema = useMemo(() => searchFormSchema(t('errors.search_too_short')), [t]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { by, q },
    // The error stays until the next search, as the server's would.
    reValidateMode: 'onSubmit',
  });
  const submit = handleSubmit((search) => setParams(search));

  const hits = results.data?.pages.flatMap((page) => page.data) ?? [];
  const fieldError = errors.q
    ? errors.q.message
    : results.error instanceof ApiError && results.error.status === 422
      ? errorMessage(
          t,
          results.error,
          results.error.code === 'validation_failed' ? t('admin.accounts.invalid') : undefined,
        )
      : undefined;
  return (
    <Page title={t('admin.accounts.title')} intro={t('admin.accounts.intro')} width="wide">
      <Card aria-labelledby={`${id}-search`}>
        <h2 id={`${id}-search`} className="visually-hidden">
          {t('admin.accounts.searchTitle')}
        </h2>
        <form className={styles.searchForm} onSubmit={(event) => void submit(event)} noValidate>
          <Field id={`${id}-by`} label={t('admin.accounts.by')}>
            {(control) => (
              <select {...control} {...register('by')}>
                {ACCOUNT_SEARCH_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`admin.accounts.kinds.${kind}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={`${id}-q`}
            label={t('admin.accounts.query')}
            hint={t(`admin.accounts.hints.${watch('by') ?? 'name'}`)}
            error={fieldError}
          >
            {(control) => <input {...control} type="search" autoComplete="off" {...register('q')} />}
          </Field>
          <Button type="submit" busy={results.isFetching && !results.isFetchingNextPage}>
            {t('admin.accounts.search')}
          </Button>
        </form>
      </Card>
      {q !== '' && results.isSuccess && (
        <Card aria-labelledby={`${id}-results`}>
          <h2 id={`${id}-results`}>{t('admin.accounts.results', { count: hits.length })}</h2>
          {hits.length === 0 ? (
            <EmptyState>{t('admin.accounts.none')}</EmptyState>
          ) : (
            <RowList testId="account-hits">
              {hits.map((hit) => (
                <ListRow key={hit.id}>
                  <span className={styles.line}>
                    <Link to={`${PATHS.admin}/accounts/${hit.id}`} className={styles.strong}>
                      {hit.name || t('admin.accounts.noName')}
                    </Link>
                    <Badge>{t(`admin.editions.${hit.edition}`)}</Badge>
                    {hit.locked && <Badge tone="warning">{t('admin.account.locked')}</Badge>}
                  </span>
                  <span className={styles.muted}>{[hit.email, hit.phone].filter(Boolean).join(' · ')}</span>
                </ListRow>
              ))}
            </RowList>
          )}
          {results.hasNextPage && (
            <Button
              variant="secondary"
              busy={results.isFetchingNextPage}
              onClick={() => void results.fetchNextPage()}
            >
              {t('admin.accounts.more')}
            </Button>
          )}
        </Card>
      )}
      {q !== '' && results.isError && !fieldError && (
        <ErrorAlert>{errorMessage(t, results.error)}</ErrorAlert>
      )}
    </Page>
  );
}
