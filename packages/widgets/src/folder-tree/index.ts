export { FolderTree, type FolderTreeProps } from './FolderTree';
export { folderNameProblem } from './folder-model';
