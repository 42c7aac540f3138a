import { translate } from '../../../i18n';

const id = (key: string) => `federation.graphQuery.modelEditor.${key}`;

export const strings = {
  viewLegend: translate(id('viewLegend'), { defaultMessage: 'Model editor view' }),
  jsonView: translate(id('jsonView'), { defaultMessage: 'JSON' }),
  formView: translate(id('formView'), { defaultMessage: 'Form' }),
  jsonEditorAriaLabel: translate(id('jsonEditorAriaLabel'), {
    defaultMessage: 'Graph model JSON',
  }),

  invalidJsonTitle: translate(id('invalidJsonTitle'), {
    defaultMessage: 'The form cannot show this model',
  }),
  notJson: (message: string) =>
    translate(id('notJson'), {
      defaultMessage: 'The text is not valid JSON: {message}',
      values: { message },
    }),
  notModelShape: translate(id('notModelShape'), {
    defaultMessage: 'The JSON is not shaped like a graph model:',
  }),
  backToJson: translate(id('backToJson'), { defaultMessage: 'Edit the JSON' }),

  modelLabel: translate(id('modelLabel'), { defaultMessage: 'Graph name' }),
  modelLabelHelp: translate(id('modelLabelHelp'), {
    defaultMessage: 'Queries name the graph in FROM "…".',
  }),

  entitiesTitle: translate(id('entitiesTitle'), { defaultMessage: 'Entities' }),
  entitiesHelp: translate(id('entitiesHelp'), {
    defaultMessage: 'Each entity is a label for the documents of some indices: the nodes.',
  }),
  noEntities: translate(id('noEntities'), {
    defaultMessage: 'No entities yet. A model needs at least one.',
  }),
  addEntity: translate(id('addEntity'), { defaultMessage: 'Add entity' }),
  entityLegend: (position: number, label: string) =>
    translate(id('entityLegend'), {
      defaultMessage: 'Entity {position}{label}',
      values: { position, label: label ? `: ${label}` : '' },
    }),
  entityLabel: translate(id('entityLabel'), { defaultMessage: 'Label' }),
  entityIndices: translate(id('entityIndices'), { defaultMessage: 'Indices' }),
  entityIndicesPlaceholder: translate(id('entityIndicesPlaceholder'), {
    defaultMessage: 'Choose or type index names or patterns',
  }),
  entityId: translate(id('entityId'), { defaultMessage: 'Id field' }),
  entityIdHelp: translate(id('entityIdHelp'), {
    defaultMessage: 'Identifies a document; _id when empty.',
  }),
  removeEntity: (label: string) =>
    translate(id('removeEntity'), {
      defaultMessage: 'Remove entity {label}',
      values: { label },
    }),

  relationsTitle: translate(id('relationsTitle'), { defaultMessage: 'Relations' }),
  relationsHelp: translate(id('relationsHelp'), {
    defaultMessage:
      'Each relation links a document of one entity to documents of another whose field holds the same value: the edges.',
  }),
  noRelations: translate(id('noRelations'), { defaultMessage: 'No relations yet.' }),
  addRelation: translate(id('addRelation'), { defaultMessage: 'Add relation' }),
  addRelationNeedsEntity: translate(id('addRelationNeedsEntity'), {
    defaultMessage: 'Add an entity first: relations link entities.',
  }),
  relationLegend: (position: number, label: string) =>
    translate(id('relationLegend'), {
      defaultMessage: 'Relation {position}{label}',
      values: { position, label: label ? `: ${label}` : '' },
    }),
  relationLabel: translate(id('relationLabel'), { defaultMessage: 'Label' }),
  fromEntity: translate(id('fromEntity'), { defaultMessage: 'From entity' }),
  fromField: translate(id('fromField'), { defaultMessage: 'From field' }),
  toEntity: translate(id('toEntity'), { defaultMessage: 'To entity' }),
  toField: translate(id('toField'), { defaultMessage: 'To field' }),
  chooseEntity: translate(id('chooseEntity'), { defaultMessage: 'Choose an entity' }),
  endpointFieldPlaceholder: (field: string) =>
    translate(id('endpointFieldPlaceholder'), {
      defaultMessage: 'Default: {field}',
      values: { field },
    }),
  removeRelation: (label: string) =>
    translate(id('removeRelation'), {
      defaultMessage: 'Remove relation {label}',
      values: { label },
    }),

  unknownEntity: (label: string) =>
    translate(id('unknownEntity'), {
      defaultMessage: 'No entity is labelled {label}.',
      values: { label },
    }),
  duplicateEntityLabel: (label: string) =>
    translate(id('duplicateEntityLabel'), {
      defaultMessage: 'Two entities are labelled {label}; labels must be unique.',
      values: { label },
    }),
  relationLabelIsEntity: (label: string) =>
    translate(id('relationLabelIsEntity'), {
      defaultMessage: '{label} is an entity label; relation labels must differ from them.',
      values: { label },
    }),

  indexGroup: translate(id('indexGroup'), { defaultMessage: 'Indices' }),
  aliasGroup: translate(id('aliasGroup'), { defaultMessage: 'Aliases' }),
  dataStreamGroup: translate(id('dataStreamGroup'), { defaultMessage: 'Data streams' }),
  virtualIndexGroup: translate(id('virtualIndexGroup'), { defaultMessage: 'Virtual indices' }),
  indexListError: translate(id('indexListError'), {
    defaultMessage: 'Could not list the indices; you can still type their names.',
  }),
  virtualIndexListError: translate(id('virtualIndexListError'), {
    defaultMessage: 'Could not list the virtual indices; you can still type their names.',
  }),
  fieldsError: (index: string, reason: string) =>
    translate(id('fieldsError'), {
      defaultMessage: 'Could not read the fields of {index}: {reason}',
      values: { index, reason },
    }),
  fieldsNeedIndices: translate(id('fieldsNeedIndices'), {
    defaultMessage: 'Choose indices to see their fields.',
  }),
};
