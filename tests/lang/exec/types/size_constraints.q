% vec3, mat(2,2), cube(:,:,3) constrain sizes.
print type([1,2,3], "vec3"), type([1,2], "vec3")
print type(zeros(4,4,3), "cube(:,:,3)"), type(zeros(4,4,2), "cube(:,:,3)")
print type(zeros(2,2), "mat(2,2)")
% expect: 10
% expect: 10
% expect: 1
