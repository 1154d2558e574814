/**
 * Home (content `homepage` modules): hero, product carousel, editorial split, collection tiles,
 * quote. Every module after the first hydrates later, each in a task of its own
 * (components/DeferHydration.tsx): they are below the fold, and their links work before.
 */
import type { HomeModule } from '../../shared/types';
import { CollectionTiles } from '../components/CollectionTiles';
import { DeferHydration } from '../components/DeferHydration';
import { LinkTo } from '../components/LinkTo';
import { Picture } from '../components/Picture';
import { ProductCard } from '../components/ProductCard';
import { RichText } from '../components/RichText';
import { useRouteData } from '../lib/route-data';

function Module({ module, first }: { module: HomeModule; first: boolean }) {
  switch (module.type) {
    case 'hero':
      return (
        <section className="hero">
          {module.image && <Picture picture={module.image} priority={first} className="hero__image" />}
          <div className="hero__content">
            {first ? <h1>{module.title}</h1> : <h2>{module.title}</h2>}
            {module.text && <p>{module.text}</p>}
            {module.link && <LinkTo link={module.link} className="button button--light" />}
          </div>
        </section>
      );
    case 'productCarousel':
      return (
        <section className="section">
          <h2 className="section__title">{module.title}</h2>
          <ul className="carousel" aria-label={module.title}>
            {module.products.map((card) => (
              <li key={card.handle}>
                <ProductCard card={card} />
              </li>
            ))}
          </ul>
        </section>
      );
    case 'editorialSplit':
      return (
        <section className={`split split--image-${module.imageSide}`}>
          {module.image && <Picture picture={module.image} ratio={4 / 5} sizes="(min-width: 768px) 50vw, 100vw" className="split__image" />}
          <div className="split__body">
            <h2>{module.title}</h2>
            <RichText value={module.body} />
            {module.link && <LinkTo link={module.link} className="button" />}
          </div>
        </section>
      );
    case 'collectionTiles':
      return (
        <section className="section">
          <h2 className="section__title">{module.title}</h2>
          <CollectionTiles collections={module.collections} />
        </section>
      );
    case 'quote':
      return (
        <figure className="quote">
          <blockquote>
            <p>{module.text}</p>
          </blockquote>
          {module.attribution && <figcaption>{module.attribution}</figcaption>}
        </figure>
      );
  }
}

export function HomePage() {
  const { modules, seo } = useRouteData('home');
  const hasHeroFirst = modules[0]?.type === 'hero';
  return (
    <div className="home">
      {!hasHeroFirst && <h1 className="visually-hidden">{seo.title}</h1>}
      {modules.map((module, i) =>
        i === 0 ? (
          <Module key={module.key} module={module} first />
        ) : (
          <DeferHydration key={module.key}>
            <Module module={module} first={false} />
          </DeferHydration>
        ),
      )}
    </div>
  );
}
