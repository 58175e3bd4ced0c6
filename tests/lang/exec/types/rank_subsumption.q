% vec is a mat is a cube is a cube{:}, but not the other way round.
print type(zeros(3), "mat"), type(zeros(3), "cube"), type(zeros(2,2), "vec")
print type(zeros(2,2), "cube"), type(zeros(2,2,2), "mat"), type(zeros(2,2,2), "cube{:}")
% expect: 110
% expect: 101
