/**
 * A stand-in for OSD's `embeddable` plugin (src/plugins/embeddable/public, 3.x), written from its
 * source for tests of our factory, in jsdom and in the e2e OSD page: `registerEmbeddableFactory`
 * as `EmbeddableService.registerEmbeddableFactory` (a second registration of a type throws; the
 * definition gets `defaultEmbeddableFactoryProvider`'s defaults), and the list the dashboard's
 * "add panel" flyout shows under "Create new" (`AddPanelFlyout`: editable, can create new, not a
 * container).
 */
import type { EmbeddableFactoryDefinition, EmbeddableInput, EmbeddableSetup } from '../types';

/** A registered factory with OSD's defaults filled in. */
export type RegisteredFactory = Required<
  Pick<
    EmbeddableFactoryDefinition,
    | 'type'
    | 'isContainerType'
    | 'canCreateNew'
    | 'getExplicitInput'
    | 'getIconType'
    | 'getDescription'
  >
> &
  EmbeddableFactoryDefinition;

export interface EmbeddableRegistry {
  setup: EmbeddableSetup;
  getEmbeddableFactory(type: string): RegisteredFactory | undefined;
  /** The factories the add-panel flyout offers to create, by display name. */
  addPanelChoices(): Promise<RegisteredFactory[]>;
}

export function createEmbeddableRegistry(): EmbeddableRegistry {
  const factories = new Map<string, RegisteredFactory>();
  return {
    setup: {
      registerEmbeddableFactory<I extends EmbeddableInput>(
        id: string,
        definition: EmbeddableFactoryDefinition<I>
      ) {
        if (factories.has(id)) {
          throw new Error(
            `Embeddable factory [embeddableFactoryId = ${id}] already registered in Embeddables API.`
          );
        }
        const generic = definition as unknown as EmbeddableFactoryDefinition;
        const factory: RegisteredFactory = {
          isContainerType: false,
          canCreateNew: () => true,
          getExplicitInput: () => Promise.resolve({}),
          getIconType: () => 'empty',
          getDescription: () => '',
          ...generic,
        };
        factories.set(id, factory);
        return () => factory;
      },
    },
    getEmbeddableFactory: (type) => factories.get(type),
    async addPanelChoices() {
      const all = [...factories.values()];
      const editable = await Promise.all(all.map((factory) => factory.isEditable()));
      return all.filter(
        (factory, i) => editable[i] && factory.canCreateNew() && !factory.isContainerType
      );
    },
  };
}
