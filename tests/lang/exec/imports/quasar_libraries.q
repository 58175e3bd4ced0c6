% Quasar's own libraries are accepted silently: their functions are qpipe's builtins
% (docs/language.md "Imports"). Real programs start so.
import "Quasar.Runtime.dll"
import "Quasar.Video.dll"
import "Quasar.UI.dll"
import "Quasar.DNN.dll"
import "quasar.ui.dll"
import "C:\Program Files\Quasar\Quasar.UI.dll"
print sprintf("%d", 3), " ", hold("on")
% expect: 3 0
