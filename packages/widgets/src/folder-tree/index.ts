export { FolderTree, type FolderTreeProps } from './FolderTree';
export { buildFolderTree, type FolderNode, folderNameProblem } from './folder-model';
