% Any other .NET library is an error naming it: qpipe cannot load it.
import "Quasar.UI.dll"
import "Sim2HDR.dll"
print 1
% expect error: line 3: cannot import the library 'Sim2HDR.dll'
