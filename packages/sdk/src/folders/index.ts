export { $folders, $folderTree, buildFolderTree, type FolderNode, type FoldersStore } from './folderStore';
export { createFolder, deleteFolder, listFolders, updateFolder } from './foldersApi';
