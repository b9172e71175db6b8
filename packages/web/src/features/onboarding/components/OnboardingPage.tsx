import type { ReactNode } from 'react';
import { useId } from 'react';
import card from '../../../components/Card.module.css';
import { Stepper } from '../../../components/Stepper';
import { useTranslation } from '../../../i18n/react';

const STEP_COUNT = 6;

interface OnboardingPageProps {
  title: string;
  intro?: ReactNode;
  /** 1..6: where the user is in the sign-up; no progress bar without it. */
  step?: number;
  /** A decorative badge above the title (the confirmation). */
  icon?: ReactNode;
  children: ReactNode;
}

/** One onboarding screen: a card with its title, the progress through the six steps, the content. */
export function OnboardingPage({ title, intro, step, icon, children }: OnboardingPageProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`${card.page} ${card.wide}`}>
      <section className={card.card} aria-labelledby={`${id}-title`}>
        {step !== undefined && (
          <Stepper
            current={step}
            total={STEP_COUNT}
            label={t('onboarding.progress', { step, count: STEP_COUNT })}
          />
        )}
        {icon}
        <h1 id={`${id}-title`}>{title}</h1>
        {intro && <p className={card.intro}>{intro}</p>}
        {children}
      </section>
    </div>
  );
}
