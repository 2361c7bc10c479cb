import { useStore } from '@nanostores/react';
import { $auth, $currentCompany } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { TariffBlock, TariffPlans } from '../billing/TariffPlans';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

/**
 * Tariffs: the public page (`/tariffs`) and the cabinet page (`/cabinet/tariffs`): the plans side by side, and for a
 * signed-in user with a company, the current plan with what is left and "buy" → invoice → download.
 */
export default function TariffsScreen(): JSX.Element {
  const { t } = usePortalT();
  const route = useCurrentRoute().name;
  const auth = useStore($auth);
  const company = useSdkStore($currentCompany);
  return (
    <section className={css.screen} data-route={route}>
      <ScreenHeading>
        {t(route === 'CabinetTariffs' ? 'titles.CabinetTariffs' : 'titles.Tariffs')}
      </ScreenHeading>
      {auth.status === 'authenticated' && company ? <TariffBlock /> : null}
      <TariffPlans />
    </section>
  );
}
