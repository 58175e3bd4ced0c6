% A cube prints with dimension 0 outermost: [[[1,2],[3,4]],[[5,6],[7,8]]].
print([[[1,2],[3,4]],[[5,6],[7,8]]])
print zeros(2,1,2)
% expect: [[[1,2],[3,4]],[[5,6],[7,8]]]
% expect: [[[0,0]],[[0,0]]]
