// Settings the script's owner may set for every user (script properties), read when a run is planned.
/** A smaller part size than the add-on's own, when one is set. */
export const partSizeSetting = (): number | undefined => {
  const set = Number(PropertiesService.getScriptProperties().getProperty('prospecting.partSize'));
  return Number.isInteger(set) && set > 0 ? set : undefined;
};
