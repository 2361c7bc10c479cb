import { HELP_SECTIONS, helpPagePath, isLang, LANGS, type Lang } from '@qoltanba/core';
import type { JSX } from 'react';
import { Link, useParams } from 'react-router';
import { HELP_PAGES, type HelpSectionContent } from '../../../i18n/help';
import { ScreenHeading } from '../../ScreenHeading';
import * as screens from '../../screens.css';
import * as css from './HelpScreen.css';

const LANGUAGE_NAMES: Record<Lang, string> = { kk: 'Қазақша', ru: 'Русский', en: 'English' };

function Section({ id, content }: { id: string; content: HelpSectionContent }): JSX.Element {
  return (
    <section id={id} className={css.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={css.sectionTitle}>
        {content.title}
      </h2>
      {content.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {content.steps && (
        <ol className={css.list}>
          {content.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      {content.terms && (
        <dl className={css.terms}>
          {content.terms.map(([term, meaning]) => (
            <div key={term}>
              <dt className={css.term}>{term}</dt>
              <dd className={css.meaning}>{meaning}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The help page of one language (`/help/:lang`, SPEC section 1): signing, checking, plans, questions. */
export default function HelpScreen(): JSX.Element {
  const param = useParams().lang;
  // The route table lets only kk, ru and en through; the fallback only satisfies the type.
  const lang: Lang = isLang(param) ? param : 'kk';
  const page = HELP_PAGES[lang];
  return (
    <article className={screens.screen} lang={lang} data-route="Help">
      <ScreenHeading>{page.title}</ScreenHeading>
      <p className={screens.lead}>{page.lead}</p>
      <nav aria-label={page.otherLanguages} className={css.languages}>
        {LANGS.filter((other) => other !== lang).map((other) => (
          <Link key={other} to={helpPagePath(other)} lang={other} hrefLang={other}>
            {LANGUAGE_NAMES[other]}
          </Link>
        ))}
      </nav>
      <nav aria-label={page.contents}>
        <ul className={css.contents}>
          {HELP_SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{page.sections[id].title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {HELP_SECTIONS.map((id) => (
        <Section key={id} id={id} content={page.sections[id]} />
      ))}
    </article>
  );
}
