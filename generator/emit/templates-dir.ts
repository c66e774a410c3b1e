// The templates folder is found by a leaf module at the generator's root, which the cache reads too.
export {
  BUILTIN_TEMPLATES,
  builtinTemplateFile,
  builtinTemplateNames,
  isHandlebarsFile,
} from '../templates-dir.ts';
