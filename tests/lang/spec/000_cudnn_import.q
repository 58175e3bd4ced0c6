% spec: 000 "CuDNN: CUDA Deep Neural Networks library" (CUDA support guide)
% repaired: nothing; the inline phrase 'By importing "Quasar.DNN.dll"' written as an import statement
% run: parse
import "Quasar.DNN.dll"
