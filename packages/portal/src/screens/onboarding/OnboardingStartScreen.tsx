import { mdiAccountCardOutline, mdiDomain } from '@mdi/js';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePortalT } from '../../i18n';
import { pathTo } from '../../routes/routePaths';
import { ScreenHeading } from '../ScreenHeading';
import * as screens from '../screens.css';
import * as css from './onboarding.css';

/** Onboarding start: a signed-in user without a company context chooses how to add one. */
export default function OnboardingStartScreen(): JSX.Element {
  const { t } = usePortalT();
  const options = [
    {
      to: pathTo('AddCompany'),
      icon: mdiDomain,
      title: t('onboarding.add.title'),
      text: t('onboarding.add.text'),
    },
    {
      to: pathTo('AttachCompany'),
      icon: mdiAccountCardOutline,
      title: t('onboarding.attach.title'),
      text: t('onboarding.attach.text'),
    },
  ];
  return (
    <section className={screens.screen} data-route="OnboardingStart">
      <ScreenHeading>{t('titles.OnboardingStart')}</ScreenHeading>
      <p className={screens.lead}>{t('texts.OnboardingStart')}</p>
      <ul className={css.choices} aria-label={t('onboarding.choices')}>
        {options.map((option) => (
          <li key={option.to}>
            <Link to={option.to} className={css.choice}>
              <span className={css.choiceIcon}>
                <Icon path={option.icon} size={26} />
              </span>
              <span>
                <span className={css.choiceTitle}>{option.title}</span>
                <span className={css.choiceText}>{option.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
