% run: check
% qpipe check accepts Quasar's own libraries and refuses other .dll files by name.
import "Quasar.Video.dll"
import "exr_lib.dll"
import "/no/such/folder/Quasar.Runtime.dll"
% expect error: line 4: cannot import the library 'exr_lib.dll'
