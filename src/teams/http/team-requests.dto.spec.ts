import {
  BAD_REQUEST,
  pass,
  refusal,
} from '../../infra/http/grafana/validation/validation.fixtures';
import { AddTeamGroupDto } from './groups/team-groups.dto';
import {
  AddTeamMemberDto,
  SetTeamMembershipsDto,
  UpdateTeamMemberDto,
} from './members/team-members.dto';
import { SetPermissionDto, SetPermissionsDto } from './permissions/team-permissions.dto';
import { CreateTeamDto, UpdateTeamDto } from './teams.dto';

const invalidAssignment = (assignment: string) => ({
  message: `Assignment [${assignment}] is invalid for this resource type`,
  messageId: 'resourcePermissions.invalidAssignment',
  statusCode: 400,
  traceID: '',
});

describe('team request DTOs', () => {
  it('create: a name of 1–190 characters, an optional email', async () => {
    expect(await pass(CreateTeamDto, { Name: 'Ops', EMAIL: 'o@x' })).toEqual({
      name: 'Ops',
      email: 'o@x',
    });
    for (const body of [{}, { name: '' }, { name: 5 }, { name: 'x', email: false }, [], 'text']) {
      expect(await refusal(CreateTeamDto, body)).toEqual([400, BAD_REQUEST]);
    }
    expect(await refusal(CreateTeamDto, { name: 'x'.repeat(191) })).toEqual([400, BAD_REQUEST]);
  });

  it('update: both keys optional (absent reads as "")', async () => {
    expect(await pass(UpdateTeamDto, {})).toEqual({ name: '', email: '' });
    expect(await refusal(UpdateTeamDto, { name: 7 })).toEqual([400, BAD_REQUEST]);
  });

  it('members: a non-zero user id, integer permissions, email lists', async () => {
    expect(await pass(AddTeamMemberDto, { userID: 3, permission: 4 })).toEqual({ userId: 3 });
    for (const body of [{}, { userId: 0 }, { userId: '2' }, { userId: 2.5 }, { userId: null }]) {
      expect(await refusal(AddTeamMemberDto, body)).toEqual([400, BAD_REQUEST]);
    }
    expect(await pass(UpdateTeamMemberDto, { permission: 4 })).toEqual({ permission: 4 });
    expect(await pass(SetTeamMembershipsDto, { members: ['a@x'] })).toEqual({
      members: ['a@x'],
      admins: [],
    });
    expect(await refusal(SetTeamMembershipsDto, { admins: 'a@x' })).toEqual([400, BAD_REQUEST]);
  });

  it('permissions: the Go client object body is refused; teams and roles are not assignable', async () => {
    expect(await pass(SetPermissionDto, {})).toEqual({ permission: '' });
    expect(
      await refusal(SetPermissionDto, { permission: { userId: 2, permission: 'Admin' } }),
    ).toEqual([400, BAD_REQUEST]);
    expect(
      await refusal(SetPermissionsDto, {
        permissions: [{ userId: 2, builtInRole: 'Viewer' }, { teamId: 3 }],
      }),
    ).toEqual([400, invalidAssignment('builtInRoles')]);
    expect(
      await refusal(SetPermissionsDto, { permissions: [{ teamId: 3 }, { userId: 'x' }] }),
    ).toEqual([400, BAD_REQUEST]);
    expect(
      await refusal(SetPermissionsDto, { permissions: [{ teamId: 3, builtInRole: 'x' }] }),
    ).toEqual([400, invalidAssignment('teams')]);
  });

  it('team sync: a group id of 1–190 characters, keys any case', async () => {
    expect(await pass(AddTeamGroupDto, { GroupID: 'cn=ops' })).toEqual({ groupId: 'cn=ops' });
    for (const body of [{}, { groupId: '' }, { groupId: 5 }, { groupId: 'x'.repeat(191) }, []]) {
      expect(await refusal(AddTeamGroupDto, body)).toEqual([400, BAD_REQUEST]);
    }
  });
});
