/*
 * inputs.h - a folder or glob of input images (inputs.c), for `qpipe run` over a folder
 * and the watch folder.
 *
 * A folder of inputs is untrusted (it may be shared, or filled by a download): a symbolic
 * link in it that leads out of the folder (to /etc/shadow, to another user's files) is
 * not followed unless the user says so (--follow-symlinks); a warning names it. Links
 * that stay inside the folder are followed.
 */
#ifndef QPIPE_INPUTS_H
#define QPIPE_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

/* The name has a glob character (* ? [). */
bool inputs_has_glob(const char *s);
/* May `path`, an entry of `folder`, be read? True for anything but a symbolic link that
 * resolves outside the folder (or nowhere); for such a link a warning on stderr and false,
 * unless follow_symlinks. */
bool inputs_link_allowed(const char *path, const char *folder, bool follow_symlinks);
/* The images (by extension) of the folder or glob `in`, sorted by name: *n malloc'd paths
 * in a malloc'd array (NULL when none); the caller frees both. Hidden files and folders
 * are skipped. */
char **inputs_list_images(const char *in, bool follow_symlinks, size_t *n);

#endif
