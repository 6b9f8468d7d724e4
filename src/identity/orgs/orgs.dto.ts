import { ApiProperty } from '@nestjs/swagger';

export class CreateOrgDto {
  @ApiProperty({ example: 'Second Org' })
  name!: string;
}

export class CreateOrgResponseDto {
  @ApiProperty({ example: 'Organization created' })
  message!: string;
  @ApiProperty({ example: 2 })
  orgId!: number;
}

export class AddOrgUserDto {
  @ApiProperty({ example: 'jane' })
  loginOrEmail!: string;
  @ApiProperty({ enum: ['Viewer', 'Editor', 'Admin', 'None'] })
  role!: string;
}

export class AddOrgUserResponseDto {
  @ApiProperty({ example: 'User added to organization' })
  message!: string;
  @ApiProperty({ example: 2 })
  userId!: number;
}

export class UpdateOrgUserDto {
  @ApiProperty({ enum: ['Viewer', 'Editor', 'Admin', 'None'] })
  role!: string;
}
